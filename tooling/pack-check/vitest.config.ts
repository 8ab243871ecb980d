import { preset } from "@fak/vitest-config";

export default preset;
