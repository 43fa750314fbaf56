#!/usr/bin/env node
// `mountbench` with the workloads' quick sizes shrunk for the TCG guest (tcg-sizes.ts), for VM
// suite tests that must run the CLI as a child process (a sweep killed mid-way, then restore).
'use strict';

require('tsx/cjs');
require('./tcg-sizes.ts').shrinkQuickSizesForTcg();
require('../../src/cli/index.ts');
