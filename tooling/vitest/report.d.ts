/**
 * Append one figure line `{guarantee, figures, at}` to the file named by FAK_RELIABILITY_REPORT
 * (nothing when it is unset).
 * @example reportFigure("kill-import/file", { kills: 3, rowsVerified: 3000 })
 */
export function reportFigure(guarantee: string, figures: Record<string, number | string>): void;
