# ProbEdge: the human entry points. `make up` runs the platform, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Node 24 LTS is the project's one runtime: where the machine's Node is older, every target runs
# under a project-local Node 24 taken from the npm registry (deploy/local/node-bin.sh).
NODE_BIN := $(shell bash deploy/local/node-bin.sh)
ifneq ($(NODE_BIN),)
export PATH := $(NODE_BIN):$(PATH)
endif

BIN := node_modules/.bin
NPM_STAMP := node_modules/.package-lock.json
PRISMA_SERVICES := content news insights billing markets
RESULTS := .local/test-results
# The PostgreSQL the targets use: the machine's, or the project's own (deploy/local/ensure-services.sh).
WITH_SERVICES := set -a; [ ! -f .local/services.env ] || . ./.local/services.env; set +a;
# prisma generate never connects; it only needs the variable to resolve the datasource.
GENERATE_URL := postgresql://localhost:5432/generate

.PHONY: help install services tools proto config-docs generate build up dev test unit explore abuse faults e2e typecheck lint format bench migration images smoke fresh clean

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 14

install: $(NPM_STAMP) ## Install dependencies from the lockfile (only when it changed)

$(NPM_STAMP): package-lock.json package.json proto/package.json services/*/package.json gateway/package.json web/package.json
	npm ci --no-audit --no-fund
	@touch $@

services: ## PostgreSQL and Redis: the machine's, or the project's own under .local/ when none lets us in
	@bash deploy/local/ensure-services.sh

tools: ## Chromium, kubectl, PostgreSQL and Redis for the tests (installed from Debian when missing)
	@bash deploy/local/ensure-tools.sh

proto: install ## TypeScript types of the gRPC contracts into proto/src/generated (committed; never edit them)
	node proto/scripts/generate-grpc-types.mjs

config-docs: install ## The README's configuration table, .env.example and docs/configuration.md from the config schemas
	npm run build -w proto -w services/kit
	node deploy/local/config-docs.mjs

generate: install ## Build the shared packages and generate each service's Prisma client
	npm run build -w proto -w services/kit
	@for service in $(PRISMA_SERVICES); do \
	  (cd services/$$service && DATABASE_URL=$(GENERATE_URL) ../../$(BIN)/prisma generate) || exit 1; \
	done

build: generate ## Compile every service, the gateway and the web app
	npm run build -w services/content -w services/news -w services/insights -w services/billing -w services/markets -w gateway -w web

up: build services ## Run the whole platform on http://localhost:8080 (Ctrl-C stops it)
	$(WITH_SERVICES) node deploy/local/stack.mjs

dev: generate services ## Services and gateway as in `up`, plus the Vite dev server with hot reload on :5173
	npm run build -w services/content -w services/news -w services/insights -w services/billing -w services/markets -w gateway
	$(WITH_SERVICES) node deploy/local/stack.mjs & npm run dev -w web; kill %1

test: build typecheck unit e2e ## Every unit, integration and browser test

typecheck: generate ## Strict TypeScript over every workspace
	npm run typecheck --workspaces --if-present

unit: build tools ## Unit and integration tests (real PostgreSQL and Redis; the worker-kill test runs the built worker)
	@mkdir -p $(RESULTS)
	$(WITH_SERVICES) $(BIN)/jest --json --outputFile=$(RESULTS)/unit.json

explore: build tools ## The property tests with new random seeds (CI draws one fixed seed); add a failing case as an example
	$(WITH_SERVICES) FC_EXPLORE=1 $(BIN)/jest $$(grep -rl --include='*.ts' --exclude-dir=node_modules "from 'fast-check'" proto services gateway web/src)

abuse: build tools ## Replays the attacks of the last adversarial review against the built processes (also part of make unit)
	$(WITH_SERVICES) $(BIN)/jest -c test/system/jest.config.js test/system/abuse.test.ts

faults: build tools ## The fault suite: writes through a killed service, Postgres and Redis away, workers killed mid-job; prints what was sent, stored, lost and doubled (also part of make unit)
	$(WITH_SERVICES) $(BIN)/jest -c test/system/jest.config.js test/system/durability.test.ts test/system/faults.test.ts
	$(WITH_SERVICES) $(BIN)/jest services/news/test/ingestion-kill.test.ts services/insights/test/worker-kill.test.ts services/content/test/briefing-kill.test.ts

e2e: build tools ## Browser tests in Debian Chromium against the local stack
	@mkdir -p $(RESULTS)
	$(WITH_SERVICES) $(BIN)/jest -c web/e2e/jest.config.cjs --json --outputFile=$(RESULTS)/e2e.json

bench: build ## Benchmarks on loopback, under Node 24 as everything here runs; prints figures (measured, never asserted by tests)
	bash deploy/local/ensure-tools.sh bench
	node services/news/bench/news.bench.mjs
	node services/news/bench/parse.bench.mjs
	node services/news/bench/search.bench.mjs
	node services/news/bench/tagging.bench.mjs
	node services/insights/bench/insights.bench.mjs
	node services/content/bench/briefing.bench.mjs
	node services/markets/bench/markets.bench.mjs
	node gateway/bench/slow-clients.bench.mjs
	node web/bench/drawdown.bench.mjs
	node web/bench/lighthouse.bench.mjs

lint: install ## ESLint, Prettier, and knip (no unused file, export or dependency)
	$(BIN)/eslint .
	$(BIN)/prettier --check .
	$(BIN)/knip --no-progress

format: install ## Apply Prettier
	$(BIN)/prettier --write .

migration: generate ## New migration from schema changes: make migration SERVICE=content NAME=add_x
	@test -n "$(SERVICE)" -a -n "$(NAME)" || { echo "usage: make migration SERVICE=content NAME=add_x"; exit 2; }
	node deploy/local/new-migration.mjs $(SERVICE) $(NAME)

images: ## Build every container image (installs Docker from Debian when missing; prints sizes and times)
	@bash deploy/smoke/images.sh

smoke: images ## Run the compose stack from those images, check it from outside, then remove it
	node deploy/smoke/smoke.mjs

fresh: ## `make up` in a bare Debian container with only git, make and the distribution's Node; checks /readyz, /, /api/guides, /api/market
	bash deploy/fresh/fresh-machine.sh

clean: ## Remove build output
	rm -rf proto/dist services/*/dist gateway/dist web/dist web/dist-ssr services/*/src/generated .local
