/** Disjoint sets over string keys; the representative is the smallest key, so results do not depend on insertion order. */
export class UnionFind {
  private readonly parent = new Map<string, string>();

  add(key: string): void {
    if (!this.parent.has(key)) this.parent.set(key, key);
  }

  find(key: string): string {
    // One look-up for a key that is its own root (most keys of a small fact), none repeated.
    const up = this.parent.get(key);
    if (up === undefined) {
      this.parent.set(key, key);
      return key;
    }
    if (up === key) return key;
    let root = up;
    for (let next = this.parent.get(root) as string; next !== root; next = this.parent.get(root) as string)
      root = next;
    let node = key;
    while (node !== root) {
      const next = this.parent.get(node) as string;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    if (ra < rb) this.parent.set(rb, ra);
    else this.parent.set(ra, rb);
  }
}
