// Every test starts in English: a test that reads the board in German sets the language itself,
// and without isolation (`vitest run --no-isolate`, as make test runs it) a German left behind by
// one file would be the next file's language.
import { afterEach } from "vitest";
import { language } from "../i18n";

afterEach(() => { language.value = "en"; });
