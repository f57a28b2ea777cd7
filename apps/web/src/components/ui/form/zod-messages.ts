import { z } from "zod";

// Contracts word the messages people meet most; these cover the generic rules they leave
// to zod's defaults ("Too small: expected number to be >=1"). zod's configuration is
// global, so every form module imports this file, whichever of them loads first.
z.config({
  customError: (issue) => {
    if (issue.code === "too_small" && issue.origin === "number") {
      return `Must be at least ${String(issue.minimum)}`;
    }
    if (issue.code === "too_big" && issue.origin === "number") {
      return `Must be at most ${String(issue.maximum)}`;
    }
    if (issue.code === "invalid_type" && issue.expected === "int") return "Enter a whole number";
    if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
    return undefined;
  },
});
