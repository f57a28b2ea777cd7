/**
 * A reason the server cannot start that the operator fixes by configuration (a port in
 * use, say): printed as its one line, without a stack trace.
 */
export class StartUpError extends Error {}
