/** The console's address for links: PUBLIC_URL when set, else the address the request came to. */
export function consoleOrigin(requestUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/+$/, '');
}
