#!/usr/bin/env node
// Runs the agent's TypeScript entry through tsx's loader, in this same process, so that
// signals reach the agent directly and its exit code is the command's.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
