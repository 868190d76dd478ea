/** A catalog (keys to ICU messages, or its JSON) compiled as the pages, jest and the server load it (see compileCatalog.cjs). */
export declare function compileCatalog(source: string | Record<string, string>, file?: string): Record<string, unknown>;
