import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
const counts = new Map();
p.samples.forEach((id, i) => { counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
// self time by function name+url
for (const [id, t] of counts) { const n = byId.get(id); const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, t] of top) console.log((t / total * 100).toFixed(1).padStart(5), k);
// inclusive by top-level category: find parents
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) { let cur = id; const seen = new Set(); while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-1)[0]}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + t); seen.add(k); } cur = parent.get(cur); } }
console.log("--- inclusive");
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((t / total * 100).toFixed(1).padStart(5), k);
