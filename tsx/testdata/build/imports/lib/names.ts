export function bucketName(n: string): string {
  return `acme-${n}`;
}
