const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** The small page a reader lands on from the e-mailed link. */
export function confirmationPage(confirmed: boolean, message: string, publicUrl: string): string {
  const title = confirmed ? 'Subscription confirmed' : 'Confirmation failed';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ProbEdge</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111827}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(publicUrl)}">Back to ProbEdge</a></p>
<p><small>Educational content only, not investment advice.</small></p>
</main>
</body>
</html>`;
}
