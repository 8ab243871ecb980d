export * from "./campaign.js";
export * from "./directive.js";
export * from "./progress.js";
