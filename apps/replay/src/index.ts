export * from "./arms.js";
export * from "./harbor/index.js";
export * from "./ingest.js";
export * from "./pipeline.js";
export * from "./report.js";
export * from "./suite.js";
export * from "./tb/index.js";
