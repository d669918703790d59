export declare const MALLOC_ENV: Readonly<Record<string, string>>;
export declare function withMallocEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function hasMallocEnv(env: NodeJS.ProcessEnv): boolean;
