/**
 * Every table, one file per module that owns it (db/table-owners.test.ts names the owning
 * repository). Drizzle and drizzle-kit read the whole schema from here.
 */
export * from "./companies";
export * from "./roles";
export * from "./users";
export * from "./accounts";
export * from "./mail-logs";
export * from "./settings";
export * from "./tags";
export * from "./devices";
export * from "./impersonation";
export * from "./credits";
export * from "./notifications";
export * from "./notices";
export * from "./storage";
export * from "./mfa";
export * from "./actions";
export * from "./files";
