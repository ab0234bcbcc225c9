#!/usr/bin/env node
// The executable is a thin shim: all code lives in the compiled library (npm run build).
import { main } from '../dist/src/cli/main.js';
process.exitCode = await main(process.argv.slice(2));
