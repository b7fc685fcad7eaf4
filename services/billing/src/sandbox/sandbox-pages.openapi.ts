import type { ContentObject, HeadersObject } from '@nestjs/swagger';

/** The sandbox's pages, for the API document: HTML for a browser, not for a client. */
export const HTML_PAGE: ContentObject = {
  'text/html': { schema: { type: 'string', description: 'An HTML page for the browser' } },
};

/** The header of a 303 of the sandbox, which the browser follows. */
export function redirectTo(example: string): HeadersObject {
  return {
    Location: {
      description: 'Where the browser goes next',
      schema: { type: 'string', example },
    },
  };
}
