// The engine for examples/minimal.html: a session and an MSB agent, kept
// between moves. The page posts { play: "f5" }; the worker answers with the
// state after the visitor's move and MSB's reply, or with { error }.
import init, { Session, Agent } from '../pkg/selfplay.js';

await init();
const session = new Session('othello');
const msb = new Agent('othello', 'msb', null, null);
let seed = 1n; // seeds are BigInt

function send() {
  postMessage({ state: session.state() });
}

self.onmessage = ({ data }) => {
  try {
    session.play(data.play);
    // MSB answers until the visitor has a disc to place; a forced pass is played for them.
    for (let st = session.state(); st.outcome == null; st = session.state()) {
      if (st.toMove === 1) session.play(msb.think(session.position(), seed++, { ms: 1000 }, null).text);
      else if (st.legal.every((m) => m.cell == null)) session.play(st.legal[0].text);
      else break;
    }
    send();
  } catch (e) {
    postMessage({ error: String(e instanceof Error ? e.message : e) });
  }
};
send();
