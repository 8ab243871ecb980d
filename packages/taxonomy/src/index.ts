export * from "./codes.js";
export * from "./input.js";
export * from "./schemas.js";
