//! Phases 2–4, multiply: the 53×53-bit significand product from 16×16 tiles.
//! Model: [`model::multiply`](crate::dfma::model::multiply) (exact 106-bit product).
//!
//! The significands are cut into four 16-bit limbs (the top limb holds 5 bits);
//! tile `p_ij = x_i · y_j` weighs `2^(16(i+j))` and maps onto one ECP5
//! `MULT18X18D`: 16 [`DspTile`]s in all, which hold pipeline boundary 1 in
//! their input registers when it is registered.
//!
//! Tiles of the same parity of `i` never overlap, so the 16 tiles are wired
//! (no logic) into eight rows `{p_(i+2)j, p_ij} << 16(i+j)`. The column height
//! is at most 7; a carry-save tree of four full-adder levels reduces the rows
//! to two ([`MulCompressA`], [`MulCompress`]) and a carry-propagate adder finishes the product
//! ([`MulAdd`]). Everything is modulo 2^106: the product fits.

use crate::dfma::rtl::tile::DspTile;
use crate::dfma::rtl::{PROD_W, SIG_W};
use rust_hdl::prelude::*;

/// Width of a tile's operand (rust-hdl multiplies `Bits<16>` only).
pub const LIMB_W: usize = 16;
/// Width of a tile's product.
pub const TILE_W: usize = 32;

/// Phase 2: the 16 tiles and their wiring into eight rows. The significands
/// come from phase 1 directly: the tiles register them when boundary 1 is a
/// register.
#[derive(LogicBlock)]
pub struct MulTiles {
    pub clock: Signal<In, Clock>,
    pub sig_x: Signal<In, Bits<SIG_W>>,
    pub sig_y: Signal<In, Bits<SIG_W>>,
    /// Rows of non-overlapping tiles: even `j` rows hold `p_0j`, `p_2j`; odd hold `p_1j`, `p_3j`.
    pub rows: [Signal<Out, Bits<PROD_W>>; 8],
    xl: [Signal<Local, Bits<LIMB_W>>; 4],
    yl: [Signal<Local, Bits<LIMB_W>>; 4],
    /// Tile `p_ij` at index `4i + j`.
    tiles: [DspTile; 16],
}

impl Default for MulTiles {
    fn default() -> Self {
        Self::new(false)
    }
}

impl MulTiles {
    /// Tiles with their operands registered (pipeline boundary 1) or not.
    pub fn new(registered: bool) -> Self {
        Self {
            clock: Default::default(),
            sig_x: Default::default(),
            sig_y: Default::default(),
            rows: Default::default(),
            xl: Default::default(),
            yl: Default::default(),
            tiles: std::array::from_fn(|_| DspTile::new(registered)),
        }
    }
}

impl Logic for MulTiles {
    #[hdl_gen]
    fn update(&mut self) {
        self.xl[0].next = self.sig_x.val().get_bits::<LIMB_W>(0);
        self.xl[1].next = self.sig_x.val().get_bits::<LIMB_W>(16);
        self.xl[2].next = self.sig_x.val().get_bits::<LIMB_W>(32);
        self.xl[3].next = bit_cast::<LIMB_W, 5>(self.sig_x.val().get_bits::<5>(48));
        self.yl[0].next = self.sig_y.val().get_bits::<LIMB_W>(0);
        self.yl[1].next = self.sig_y.val().get_bits::<LIMB_W>(16);
        self.yl[2].next = self.sig_y.val().get_bits::<LIMB_W>(32);
        self.yl[3].next = bit_cast::<LIMB_W, 5>(self.sig_y.val().get_bits::<5>(48));
        for i in 0..4 {
            for j in 0..4 {
                self.tiles[4 * i + j].clock.next = self.clock.val();
                self.tiles[4 * i + j].a.next = self.xl[i].val();
                self.tiles[4 * i + j].b.next = self.yl[j].val();
            }
        }
        // Row 2j: p_0j + p_2j·2^32, at 16j. Row 2j+1: p_1j + p_3j·2^32, at 16j + 16.
        self.rows[0].next = (bit_cast::<PROD_W, TILE_W>(self.tiles[8].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[0].p.val());
        self.rows[1].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[12].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[4].p.val()))
            << 16;
        self.rows[2].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[9].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[1].p.val()))
            << 16;
        self.rows[3].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[13].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[5].p.val()))
            << 32;
        self.rows[4].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[10].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[2].p.val()))
            << 32;
        self.rows[5].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[14].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[6].p.val()))
            << 48;
        self.rows[6].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[11].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[3].p.val()))
            << 48;
        self.rows[7].next = ((bit_cast::<PROD_W, TILE_W>(self.tiles[15].p.val()) << 32)
            | bit_cast::<PROD_W, TILE_W>(self.tiles[7].p.val()))
            << 64;
    }
}

/// Phase 3, first half: eight rows to four by the carry-save tree's first
/// two levels of 3:2 compressors (boundary 3m, registered only by the
/// deepest units, follows; measured at depth 10: the four levels and the
/// doubling in one clock took 7.5–7.6 ns, the slowest path of seed 1).
#[derive(LogicBlock, Default)]
pub struct MulCompressA {
    pub rows: [Signal<In, Bits<PROD_W>>; 8],
    /// Level 2's outputs: `(s2, c2)` from `(s0, c0, s1)`, `(s3, c3)` from
    /// `(c1, row 6, row 7)`.
    pub s2: Signal<Out, Bits<PROD_W>>,
    pub c2: Signal<Out, Bits<PROD_W>>,
    pub s3: Signal<Out, Bits<PROD_W>>,
    pub c3: Signal<Out, Bits<PROD_W>>,
    /// Level 1: rows 0-2 and 3-5.
    s: [Signal<Local, Bits<PROD_W>>; 2],
    c: [Signal<Local, Bits<PROD_W>>; 2],
}

impl Logic for MulCompressA {
    #[hdl_gen]
    fn update(&mut self) {
        self.s[0].next = self.rows[0].val() ^ self.rows[1].val() ^ self.rows[2].val();
        self.c[0].next = ((self.rows[0].val() & self.rows[1].val())
            | (self.rows[0].val() & self.rows[2].val())
            | (self.rows[1].val() & self.rows[2].val()))
            << 1;
        self.s[1].next = self.rows[3].val() ^ self.rows[4].val() ^ self.rows[5].val();
        self.c[1].next = ((self.rows[3].val() & self.rows[4].val())
            | (self.rows[3].val() & self.rows[5].val())
            | (self.rows[4].val() & self.rows[5].val()))
            << 1;
        self.s2.next = self.s[0].val() ^ self.c[0].val() ^ self.s[1].val();
        self.c2.next = ((self.s[0].val() & self.c[0].val())
            | (self.s[0].val() & self.s[1].val())
            | (self.c[0].val() & self.s[1].val()))
            << 1;
        self.s3.next = self.c[1].val() ^ self.rows[6].val() ^ self.rows[7].val();
        self.c3.next = ((self.c[1].val() & self.rows[6].val())
            | (self.c[1].val() & self.rows[7].val())
            | (self.rows[6].val() & self.rows[7].val()))
            << 1;
    }
}

/// Phase 3, second half: the tree's levels 3 and 4 (four vectors to two),
/// then the doubling of a subnormal factor's part: the tiles multiply
/// `{hidden, fraction}`, the product of the doubled significands is that
/// `<< (sub_x + sub_y)`, applied to both carry-save vectors (the sum of two
/// shifted vectors is the shifted sum, modulo 2^106, where it fits).
#[derive(LogicBlock, Default)]
pub struct MulCompress {
    /// [`MulCompressA`]'s four vectors.
    pub s2: Signal<In, Bits<PROD_W>>,
    pub c2: Signal<In, Bits<PROD_W>>,
    pub s3: Signal<In, Bits<PROD_W>>,
    pub c3: Signal<In, Bits<PROD_W>>,
    /// The multiplier's `x` (`y`) is subnormal: its significand counts double.
    pub sub_x: Signal<In, Bit>,
    pub sub_y: Signal<In, Bit>,
    /// Sum vector.
    pub ps: Signal<Out, Bits<PROD_W>>,
    /// Carry vector (`ps + pc` is the product).
    pub pc: Signal<Out, Bits<PROD_W>>,
    /// Level 3: (s2, c2, s3).
    s4: Signal<Local, Bits<PROD_W>>,
    c4: Signal<Local, Bits<PROD_W>>,
    /// Level 4: (s4, c4, c3), the compressed pair before the doubling.
    ps0: Signal<Local, Bits<PROD_W>>,
    pc0: Signal<Local, Bits<PROD_W>>,
}

impl Logic for MulCompress {
    #[hdl_gen]
    fn update(&mut self) {
        self.s4.next = self.s2.val() ^ self.c2.val() ^ self.s3.val();
        self.c4.next = ((self.s2.val() & self.c2.val())
            | (self.s2.val() & self.s3.val())
            | (self.c2.val() & self.s3.val()))
            << 1;
        self.ps0.next = self.s4.val() ^ self.c4.val() ^ self.c3.val();
        self.pc0.next = ((self.s4.val() & self.c4.val())
            | (self.s4.val() & self.c3.val())
            | (self.c4.val() & self.c3.val()))
            << 1;
        self.ps.next = self.ps0.val();
        self.pc.next = self.pc0.val();
        if self.sub_x.val() ^ self.sub_y.val() {
            self.ps.next = self.ps0.val() << 1;
            self.pc.next = self.pc0.val() << 1;
        }
        if self.sub_x.val() & self.sub_y.val() {
            self.ps.next = self.ps0.val() << 2;
            self.pc.next = self.pc0.val() << 2;
        }
    }
}

/// Phase 4: the carry-propagate add that finishes the product.
#[derive(LogicBlock, Default)]
pub struct MulAdd {
    pub ps: Signal<In, Bits<PROD_W>>,
    pub pc: Signal<In, Bits<PROD_W>>,
    /// `sig_x · sig_y`.
    pub prod: Signal<Out, Bits<PROD_W>>,
}

impl Logic for MulAdd {
    #[hdl_gen]
    fn update(&mut self) {
        self.prod.next = self.ps.val() + self.pc.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::unit::{from_bits, to_bits};

    fn product(x: u64, y: u64) -> u128 {
        product_doubled(x, y, false, false)
    }

    /// `x·y`, times two for each of `sub_x`, `sub_y`.
    fn product_doubled(x: u64, y: u64, sub_x: bool, sub_y: bool) -> u128 {
        let mut tiles = MulTiles::default();
        let mut compress_a = MulCompressA::default();
        let mut compress = MulCompress::default();
        let mut add = MulAdd::default();
        tiles.connect_all();
        compress_a.connect_all();
        compress.connect_all();
        add.connect_all();
        tiles.sig_x.next = to_bits(x as u128);
        tiles.sig_y.next = to_bits(y as u128);
        assert!(simulate(&mut tiles, 100));
        for r in 0..8 {
            compress_a.rows[r].next = tiles.rows[r].val();
        }
        assert!(simulate(&mut compress_a, 100));
        compress.s2.next = compress_a.s2.val();
        compress.c2.next = compress_a.c2.val();
        compress.s3.next = compress_a.s3.val();
        compress.c3.next = compress_a.c3.val();
        compress.sub_x.next = sub_x;
        compress.sub_y.next = sub_y;
        assert!(simulate(&mut compress, 100));
        add.ps.next = compress.ps.val();
        add.pc.next = compress.pc.val();
        assert!(simulate(&mut add, 100));
        from_bits(add.prod.val())
    }

    #[test]
    fn product_equals_the_exact_product() {
        let mut state = 0x1234_5678_9abc_def1u64;
        let mask = (1u64 << 53) - 1;
        let mut cases = vec![
            (mask, mask),
            (1 << 52, 1 << 52),
            (0, mask),
            (1, 1),
            (mask, 1),
        ];
        for _ in 0..300 {
            let x = crate::unit::xorshift(&mut state) & mask;
            let y = crate::unit::xorshift(&mut state) & mask;
            cases.push((x, y));
        }
        for (x, y) in cases {
            assert_eq!(product(x, y), x as u128 * y as u128, "{x:x} * {y:x}");
        }
    }

    #[test]
    fn subnormal_factors_double_the_product() {
        let mut state = 0x0bad_cafe_1234_5677u64;
        let frac = (1u64 << 52) - 1;
        for k in 0..300 {
            let fx = crate::unit::xorshift(&mut state) & frac;
            let fy = crate::unit::xorshift(&mut state) & frac >> (k % 53);
            for (sub_x, sub_y) in [(false, false), (true, false), (false, true), (true, true)] {
                // A subnormal factor has no hidden bit; a normal one has it.
                let x = fx | (!sub_x as u64) << 52;
                let y = fy | (!sub_y as u64) << 52;
                let want = (x as u128 * y as u128) << (sub_x as u32 + sub_y as u32);
                assert_eq!(
                    product_doubled(x, y, sub_x, sub_y),
                    want,
                    "{x:x} * {y:x} {sub_x} {sub_y}"
                );
            }
        }
    }
}
