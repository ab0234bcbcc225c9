#!/usr/bin/env node
// The executable is a thin shim: all code lives in the compiled library (npm run build); start.ts says how it starts.
import { start } from '../dist/src/cli/start.js';

await start();
