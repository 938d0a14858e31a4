# Two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck jslint pytest eval bench clean

$(BIN)/fitcoach: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/fitcoach $@

run: $(BIN)/fitcoach
	$(BIN)/fitcoach migrate
	$(BIN)/fitcoach user ensure-default --url http://$(HOST):$(PORT)/
	FITCOACH_DEFAULT_LOGIN=1 $(BIN)/fitcoach serve --host $(HOST) --port $(PORT)

lint: $(VENV)/.dev
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# The web client's JavaScript, checked like the Python: tsc --checkJs (JSDoc types) and eslint, both
# pinned in package.json / package-lock.json and installed into ./node_modules by `npm ci`.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

jslint: node_modules/.installed
	npx --no-install tsc -p jsconfig.json
	npx --no-install eslint src/fitcoach/web/static

pytest: $(VENV)/.dev
	$(BIN)/pytest -n 2

# The coach's eval cases (public, team, held-out) through the real pipeline; prints per-check summaries.
# Issue 14's target: every existing set at 97 % or more (the learned restraint holds back a few
# requests its models misread; see README "Understanding models"). blind6 is the fresh first-sight
# measure (written from the spec alone after the models landed), blind7, blind8, blind9 and blind10
# the next ones (2026-12-01): they report, they do not gate.
EVAL_GATE := --min-pass 0.97
eval: $(VENV)/.dev
	$(BIN)/fitcoach eval tests/data/public.jsonl
	$(BIN)/fitcoach eval tests/data/cases/team.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout_fresh.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout_blind2.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout_blind3.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout_blind4.jsonl $(EVAL_GATE)
	$(BIN)/fitcoach eval tests/data/cases/holdout_blind5.jsonl $(EVAL_GATE)
	-$(BIN)/fitcoach eval tests/data/cases/holdout_blind6.jsonl
	-$(BIN)/fitcoach eval tests/data/cases/holdout_blind7.jsonl
	-$(BIN)/fitcoach eval tests/data/cases/holdout_blind8.jsonl
	-$(BIN)/fitcoach eval tests/data/cases/holdout_blind9.jsonl
	-$(BIN)/fitcoach eval tests/data/cases/holdout_blind10.jsonl

test: lint typecheck jslint eval pytest

bench: $(VENV)/.dev
	$(BIN)/python bench/bench_storage.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
