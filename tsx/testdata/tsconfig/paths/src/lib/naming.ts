export enum Env {
  Dev = "dev",
  Prod = "prod",
}

export namespace Naming {
  export const separator = "-";
  export function join(...parts: string[]): string {
    return parts.join(separator);
  }
}
