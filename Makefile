# The README's commands. Everything runs inside .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What is installed: the package, built, and what running it needs; the test extra (pyproject.toml;
# `make test`, `make bench`); the docs extra (`make docs`)
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
DOCS_STAMP := $(VENV)/.installed-docs
# The modules mypyc compiles (the one list: calc/compiled.py) and the calc modules they import (whose
# types the build is made against): editing one rebuilds before the tests.
COMPILED := $(shell $(PYTHON) -c "import runpy; print(' '.join(runpy.run_path('calc/compiled.py')['build_inputs']()))")
MODULES := $(shell $(PYTHON) -c "import runpy; print(len(runpy.run_path('calc/compiled.py')['MODULES']))")
# Run a second time on the pure source (SANMA_PURE_PYTHON=1: the compiled modules hidden): the
# scoring, payment and real-game tests, the round state, the match engine and the replay of the real
# games, the pinned simulated matches and the bots.
PURE_TESTS := tests/test_hand_cases.py tests/test_hand_properties.py tests/test_oracle.py tests/test_real_hands.py \
	tests/test_payment.py tests/test_api.py tests/test_bad_input.py tests/test_logs.py \
	tests/test_round.py tests/test_match.py tests/test_replay.py tests/test_sim_pinned.py tests/test_waits.py \
	tests/test_bench_hands.py tests/test_calibrated_bot.py tests/test_suit_tables.py

.PHONY: run test test-browser screenshots screenshot docs docs-reference docs-examples docs-refresh bench bench-anchors fuzz attacks build suit-tables truth-figures shipped-copy context-fields clean

# An editable install of the package and of what running it needs (no extra): `pip install -e .`
# compiles the modules of calc/compiled.py where a C compiler exists (setup.py). It says what it
# builds and how long that took; the extras come with the targets that use them. The last build's
# extension files go first: a module taken off the list must not load its old compiled copy.
$(STAMP): pyproject.toml setup.py calc/compiled.py $(COMPILED)
	@start=$$(date +%s); \
	if [ ! -d $(VENV) ]; then echo "sanma: creating $(VENV) ($$($(PYTHON) --version))"; $(PYTHON) -m venv $(VENV) || exit 1; fi; \
	echo "sanma: installing sanma and what it runs on (typer, tabulate, pyyaml, wcwidth);"; \
	echo "sanma: compiling its $(MODULES) hot modules with mypyc (calc/compiled.py), about a minute on two idle cores ..."; \
	rm -f calc__mypyc*.so; find calc -name '*.so' -delete; \
	$(BIN)/pip install --quiet --disable-pip-version-check -e . || exit 1; \
	echo "sanma: built in $$(( $$(date +%s) - start )) s: $$($(BIN)/sanma --version)"
	@touch $(STAMP)

# The extras of pyproject.toml, installed beside the built package (pip reads them from its metadata;
# the package is not built again).
$(TEST_STAMP): pyproject.toml | $(STAMP)
	@echo "sanma: installing the test tools (the test and serve extras)"
	@$(BIN)/pip install --quiet --disable-pip-version-check 'sanma[test]'
	@touch $@

$(DOCS_STAMP): pyproject.toml | $(STAMP)
	@echo "sanma: installing the documentation tools (the docs extra)"
	@$(BIN)/pip install --quiet --disable-pip-version-check 'sanma[docs]'
	@touch $@

# Compile again (after editing a compiled module; `make test` and `make bench` do it by themselves).
build:
	rm -f $(STAMP)
	$(MAKE) $(STAMP)

run: $(STAMP)
	$(BIN)/sanma demo
	$(BIN)/sanma settle examples/match.yaml --all-schemes

# pytest-xdist spreads the tests over the machine's cores (PYTEST_WORKERS=0: one process). The docs
# extra too: a test builds the documentation site strictly.
PYTEST_WORKERS ?= auto
test: $(STAMP) $(TEST_STAMP) $(DOCS_STAMP)
	$(BIN)/pytest -n $(PYTEST_WORKERS)
	SANMA_PURE_PYTHON=1 $(BIN)/pytest -n $(PYTEST_WORKERS) $(PURE_TESTS)

# The differential harness (tests/doors.py) on many simulated matches, on every core: every door
# must give the simulator's result and every broken record must be refused; then the generator of
# what people write (tests/people.py) with EXAMPLES inputs per strategy (docs/development.md). Both
# run, each printing what it covered; the target fails if either found a problem.
MATCHES ?= 10000
EXAMPLES ?= 2000
fuzz: $(STAMP) $(TEST_STAMP)
	status=0; $(BIN)/python tests/fuzz_doors.py --matches $(MATCHES) || status=1; \
	$(BIN)/python tests/fuzz_people.py --examples $(EXAMPLES) || status=1; exit $$status

# The attacks of docs/bad-input.md at full size against the real bounds (the tests run them small):
# gzip and YAML bombs, numbers too long, deep bodies, idle connections, endless downloads (~2 min).
attacks: $(STAMP) $(TEST_STAMP)
	$(BIN)/python tests/attacks.py

# The HTML reports and the compare plot in the system's headless Chromium (tests/test_browser.py);
# here a missing browser is a failure, not a skip.
test-browser: $(STAMP) $(TEST_STAMP)
	SANMA_REQUIRE_BROWSER=1 $(BIN)/pytest -m browser

# Takes the pictures of the HTML reports in docs/ again (report.png, report-phone.png, compare.png),
# in the browser tests.
screenshots: $(STAMP) $(TEST_STAMP)
	SANMA_REQUIRE_BROWSER=1 SANMA_UPDATE_SCREENSHOTS=1 $(BIN)/pytest -m browser -q
screenshot: screenshots

# The documentation site (mkdocs.yml, docs/), built offline into site/; strict: a broken link or a
# page missing from the navigation fails. NO_MKDOCS_2_WARNING: Material's banner about MkDocs 2.
docs: $(STAMP) $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# docs/reference.md, written from the typer app (every command, argument and option with its help).
docs-reference: $(STAMP)
	$(BIN)/python -m calc.cli.reference > docs/reference.md.new && mv docs/reference.md.new docs/reference.md

# Rewrites the output every `$ sanma ...` example of README.md and docs/ shows from what it prints now.
docs-examples: $(STAMP) $(TEST_STAMP)
	$(BIN)/python tests/doc_examples.py --write

# After a change of commands or outputs: the reference, the examples, the pictures, then the site.
docs-refresh: docs-reference docs-examples screenshots docs

bench: $(STAMP) $(TEST_STAMP)
	$(BIN)/python benchmarks/bench.py

# The anchors `make bench` measures against, in the bench environment only (not dependencies):
# RiichiEnv for the simulation, jansou for the replay; without them bench skips those pairs.
bench-anchors: $(STAMP) $(TEST_STAMP)
	$(BIN)/pip install --quiet riichienv==0.4.11 jansou==0.14.0

# Rewrites calc/scoring/suits.bin, every suit pattern's facts (calc/scoring/suits_make.py, ~25 s);
# tests/test_suit_tables.py checks a sample of it against the code that works them out.
suit-tables: $(STAMP)
	$(BIN)/python -m calc.scoring.suits_make

# Rewrites calc/sim/truth_figures.json from the real games in tests/data.
truth-figures: $(STAMP)
	$(BIN)/python benchmarks/truth_figures.py

# Rewrites the lines the compiled build needs written out from the one table of a hand's fields
# (calc/scoring/fields.py): WinContext, HandRequest and WinFacts' situation flags.
context-fields:
	$(PYTHON) -m calc.scoring.fields_make

# Rewrites calc/core/shipped_copy.json, the generated copy of rulesets/ that start-up reads instead of
# parsing YAML (calc/core/shipped.py), after a shipped profile or scheme changed.
shipped-copy: $(STAMP)
	$(BIN)/python -m calc.shipped_make

clean:
	rm -rf $(VENV) build site *.egg-info calc__mypyc*.so
	find calc -name '*.so' -delete
