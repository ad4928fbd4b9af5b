// Items whose data in-process differs from what a log line of them holds (JSON.stringify's
// text): the companion, the todos projection and standingStep judge what is written.

/** Reads `content: "a"`, but writes `" a"`: untrimmed as written. */
export const untrimmedAsWritten = { content: 'a', status: 'pending', toJSON: () => ({ content: ' a', status: 'pending' }) }

/** Reads `content: " a "`, but writes `"a"`: trimmed as written. */
export const trimmedAsWritten = { content: ' a ', status: 'pending', toJSON: () => ({ content: 'a', status: 'pending' }) }

class Item {
  status = 'pending'
  /** A prototype getter: not an own key, so JSON writes no content. */
  get content() {
    return 'a'
  }
}

/** An item whose content is a prototype getter: written without content. */
export const getterContent = (): object => new Item()

/** An item whose content is not enumerable: written without content. */
export const hiddenContent = (): object => Object.defineProperty({ status: 'pending' }, 'content', { value: 'a', enumerable: false })
