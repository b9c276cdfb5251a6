/** Descriptions of a rejection, hold or drop (spec 2 §5 'Reject or hold dialog'). */
export const DESCRIPTION_MAX = 1024;

/** Whether a description may be confirmed: within 1024 characters, and not blank when required. */
export function isDescriptionValid(text: string, required: boolean): boolean {
  if (text.length > DESCRIPTION_MAX) return false;
  return !required || text.trim() !== '';
}
