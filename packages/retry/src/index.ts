export * from "./campaign.js";
export * from "./directive.js";
export * from "./errors.js";
export * from "./progress.js";
export { failureSignature } from "./signature.js";
