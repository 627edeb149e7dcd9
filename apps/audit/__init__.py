"""The operator's offline audit tools: see apps/audit/verifier.py and docs/audit.md."""
from apps.audit.verifier import Check, Report, format_report, verify_bundle, verify_consistency

__all__ = ["Check", "Report", "format_report", "verify_bundle", "verify_consistency"]
