# Two commands: `make run` and `make test`. Each does its own set-up on a fresh machine (Python 3.11 + pip).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-long lint typecheck unit postgres bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: a terminal game of The Bum Game for 4, you against three bots.
run: $(STAMP)
	$(BIN)/bumtable play bum-game --players 4

## make test: lint, type-check and every test.
test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check bumtable tests bench
	$(BIN)/ruff format --check bumtable tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) postgres
	$(BIN)/pytest -n auto

## PostgreSQL's server binaries, which the server tests start a throwaway cluster with (installed if missing).
postgres:
	sh scripts/ensure-postgres.sh

## make test-long: every test, with the random-play sweep at 20,000 hands (several minutes).
test-long: $(STAMP) postgres
	BUMTABLE_SWEEP_SEEDS=400 $(BIN)/pytest

## make bench: the engine benchmark against rlcard (bench-only extra).
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
