// Placeholder: its owner replaces it.
export {};
