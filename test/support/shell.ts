// sh's word splitting, for the commands the docs and the fixtures' scripts show.

/** sh's word splitting, for what the docs use: bare words, '…' and "…" (with \" and \\ inside). */
export function shellWords(line: string): string[] {
  const words: string[] = []
  let i = 0
  while (i < line.length) {
    if (line[i] === ' ') {
      i++
      continue
    }
    let word = ''
    while (i < line.length && line[i] !== ' ') {
      const c = line[i]!
      if (c === "'") {
        const end = line.indexOf("'", i + 1)
        if (end < 0) throw new Error(`unterminated ' in ${line}`)
        word += line.slice(i + 1, end)
        i = end + 1
      } else if (c === '"') {
        i++
        while (line[i] !== '"') {
          if (i >= line.length) throw new Error(`unterminated " in ${line}`)
          if (line[i] === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) i++
          word += line[i++]
        }
        i++
      } else {
        word += c
        i++
      }
    }
    words.push(word)
  }
  return words
}
