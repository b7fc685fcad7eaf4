import { DESCRIPTION_MAX_LENGTH } from '@probedge/proto';

export const NO_DESCRIPTION_LABEL = 'No description available';

export function truncateDescription(description: string | null | undefined): string {
  if (!description || description.trim() === '') return NO_DESCRIPTION_LABEL;
  if (description.length <= DESCRIPTION_MAX_LENGTH) return description;
  return `${description.slice(0, DESCRIPTION_MAX_LENGTH)}...`;
}
