// The public API of @fak/retry, as its README documents it.

export type { FailureClassification, RetryDirective } from "@fak/taxonomy";
export {
  type CampaignOptions,
  type CampaignPlan,
  type CampaignSummary,
  planCampaign,
} from "./campaign.js";
export { retryDirectiveFor } from "./directive.js";
export { RetryArgumentError } from "./errors.js";
export { retryDirectiveWithHistory } from "./progress.js";
export { failureSignature } from "./signature.js";
