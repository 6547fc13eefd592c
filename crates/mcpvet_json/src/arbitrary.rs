//! proptest strategies for JSON values and layouts (feature `proptest`, dev use only).
