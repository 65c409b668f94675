import {
  CommonMetric,
  CommonMetricAlias,
  countAnimatedLeaves,
  countMetricMoves,
  countMoves,
  countMovesETM
} from "../chunks/chunk-JCCXEYXU.js";
import "../chunks/chunk-WBMKMQAL.js";
import "../chunks/chunk-5ONX3JVC.js";
import "../chunks/chunk-N5FJ5YIA.js";
export {
  CommonMetric as ExperimentalCommonMetric,
  CommonMetricAlias as ExperimentalCommonMetricAlias,
  countAnimatedLeaves as experimentalCountAnimatedLeaves,
  countMetricMoves as experimentalCountMetricMoves,
  countMoves as experimentalCountMoves,
  countMovesETM as experimentalCountMovesETM
};
//# sourceMappingURL=index.js.map
