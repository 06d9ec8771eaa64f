/** @module dataset/synthetic-words — common lowercase English words, the vocabulary of synthetic prompts. */
export const SYNTHETIC_WORDS: readonly string[] = (
  "the of and to in is was for on that with as by at from his it an were are which this be has or had not but " +
  "first one their its new after who they have her she two been other when there all during into school time may " +
  "years more most only over city some world would where later up such used many can state about national out known " +
  "university united then made three film under while year part people what also both back been between both called " +
  "century could day did each early end even family few found four general good great group high home house just " +
  "large last life like line long man member music name next number off old own place play point public right same " +
  "season second series since small so south team than through top town two until war water way well west what will " +
  "work area book case company country court different down every eye fact hand head issue kind lot money month " +
  "night office order power problem program question room side story student study system thing week woman word " +
  "blue green red light dark river stone tree road field wind rain snow fire earth star moon sun sea hill bird"
)
  .split(" ")
  .filter((w, i, all) => w !== "" && all.indexOf(w) === i);
