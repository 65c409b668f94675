import {
  cube2x2x2,
  eventInfo,
  puzzles,
  twizzleEvents,
  wcaEventInfo,
  wcaEvents
} from "../chunks/chunk-VYAO5FCM.js";
import {
  cube3x3x3
} from "../chunks/chunk-WBMKMQAL.js";
import "../chunks/chunk-5ONX3JVC.js";
import "../chunks/chunk-N5FJ5YIA.js";
export {
  cube2x2x2,
  cube3x3x3,
  eventInfo,
  puzzles,
  twizzleEvents,
  wcaEventInfo,
  wcaEvents
};
//# sourceMappingURL=index.js.map
