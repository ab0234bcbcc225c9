#!/usr/bin/env node
// The executable is a thin shim: all code lives in the compiled library (npm run build).
import '../dist/src/cli/run.js';
