import { describe, expect, it } from "vitest";
import { z } from "zod";
import { replayWireSchemas } from "./wire-schemas.js";

describe("replayWireSchemas", () => {
  it("renders each as JSON Schema, strict about unknown fields", () => {
    for (const schema of Object.values(replayWireSchemas)) {
      const json = z.toJSONSchema(schema, { io: "input" }) as { additionalProperties?: unknown };
      expect(json.additionalProperties).toBe(false);
    }
  });
});
