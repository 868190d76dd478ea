export function addServerCss(css: string): void;
export function serverCss(): string;
