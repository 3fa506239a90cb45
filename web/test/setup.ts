// jsdom lacks matchMedia, which antd's responsive helpers call; a never-matching stand-in is enough for tests.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }) as unknown as MediaQueryList
