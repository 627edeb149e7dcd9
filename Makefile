# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-slow proto manifests lint clean install

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

manifests: $(STAMP)
	$(BIN)/python -m apps.deploygen

proto: $(STAMP)
	$(BIN)/python -m apps.protogen

run: $(STAMP)
	$(BIN)/foodgames up

# Two workers on the two cores: each starts its own NATS, Valkey and stack (the session fixtures);
# loadscope keeps a module's tests (and its module fixtures) on one worker.
test: $(STAMP)
	$(BIN)/buf lint proto
	$(BIN)/python -m pytest -q -n 2 --dist loadscope

test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow

clean:
	rm -rf $(VENV) data
