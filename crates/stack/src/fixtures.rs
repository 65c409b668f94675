//! Sets the unit tests of several modules share.

use crate::Instance;

/// McDonnell's 22-solution set, written top, bottom, left, right, front, back.
pub fn mcdonnell22() -> Instance {
    let set = cubist_cube::parse_cube_set(
        b"order: T D L R F B\nwhite blue red blue white green\nred blue red blue green white\n\
          red blue red green green white\ngreen white white red blue red\n",
        "mcdonnell22",
    )
    .unwrap();
    Instance::new(set)
}
