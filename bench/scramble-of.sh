# Sourced by the bench scripts that hand states to peers or to `--state`
# files: `scramble_of S` prints moves that reach the 3x3x3 state S (54
# facelets, URFDLB): cubist's two-phase answer to S, inverted, checked with
# `twisty apply --facelets` to reach S. Fails, saying why, otherwise. Needs
# CUBIST set to a cubist binary.
scramble_of() {
  local two scramble reached
  two=$("$CUBIST" twisty solve 3x3x3 --method twophase --facelets "$1" | sed -n 1p)
  scramble=$("$CUBIST" twisty alg 3x3x3 "$two" --invert | sed -n 's/^moves: //p')
  reached=$("$CUBIST" twisty apply 3x3x3 --alg "$scramble" --facelets)
  if [[ $reached != "$1" ]]; then
    echo "the scramble '$scramble' reaches $reached, not $1" >&2
    return 1
  fi
  echo "$scramble"
}
