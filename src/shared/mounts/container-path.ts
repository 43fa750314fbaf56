/** A folder inside the container's app folder, for a compose snippet: "/app/node_modules". */
export function join(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}
