console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);

// A module (for the registry's import), though it exports nothing: it only runs.
export {};
