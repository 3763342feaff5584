// A function of an object that builds its answer on the first call for that object and gives
// the same answer after, for as long as the object lives: a model's scorers and indexes, a
// deal text's scans, read many times in one analysis and built once.
export function oncePerObject<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const built = new WeakMap<K, V>()
  return (key) => {
    if (built.has(key)) return built.get(key) as V
    const value = build(key)
    built.set(key, value)
    return value
  }
}
