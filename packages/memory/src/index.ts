export * from "./prior-art.js";
export * from "./scrub.js";
export * from "./search.js";
export * from "./store.js";
