//! REDUX's golden model (units::redux::model) against a reference written here:
//! collect the active lanes, then reduce them with the standard library's typed
//! operations. Every op over random masks, including empty, single-lane and full.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use units::redux::model::{identity, is_legal, redux, ReduxOp, ReduxRequest, ReduxType, LANES};
use units::redux::vectors::{
    format_answer, format_request, parse_file, parse_line, parse_mnemonic,
};

fn legal() -> Vec<(ReduxOp, ReduxType)> {
    use ReduxOp::*;
    use ReduxType::*;
    vec![
        (Add, U32),
        (Add, S32),
        (Min, U32),
        (Min, S32),
        (Max, U32),
        (Max, S32),
        (And, B32),
        (Or, B32),
        (Xor, B32),
    ]
}

fn reference(op: ReduxOp, ty: ReduxType, mask: u32, lanes: &[u32; LANES]) -> u32 {
    let active: Vec<u32> = (0..LANES)
        .filter(|&i| mask & (1 << i) != 0)
        .map(|i| lanes[i])
        .collect();
    let signed = ty == ReduxType::S32;
    match op {
        ReduxOp::Add => (active.iter().map(|&v| u64::from(v)).sum::<u64>() % (1 << 32)) as u32,
        ReduxOp::Min if signed => active.iter().map(|&v| v as i32).min().unwrap_or(i32::MAX) as u32,
        ReduxOp::Max if signed => active.iter().map(|&v| v as i32).max().unwrap_or(i32::MIN) as u32,
        ReduxOp::Min => active.iter().copied().min().unwrap_or(u32::MAX),
        ReduxOp::Max => active.iter().copied().max().unwrap_or(0),
        ReduxOp::And => active.iter().fold(u32::MAX, |a, &v| a & v),
        ReduxOp::Or => active.iter().fold(0, |a, &v| a | v),
        ReduxOp::Xor => active.iter().fold(0, |a, &v| a ^ v),
    }
}

fn random_mask(rng: &mut ChaCha8Rng) -> u32 {
    match rng.gen_range(0..6) {
        0 => 0,
        1 => 1 << rng.gen_range(0..32),
        2 => u32::MAX,
        3 => rng.gen::<u32>() & rng.gen::<u32>() & rng.gen::<u32>(),
        4 => !(1 << rng.gen_range(0..32)),
        _ => rng.gen(),
    }
}

fn random_lanes(rng: &mut ChaCha8Rng) -> [u32; LANES] {
    let mut lanes = [0u32; LANES];
    let style = rng.gen_range(0..4);
    for v in lanes.iter_mut() {
        *v = match style {
            0 => rng.gen(),
            1 => rng.gen_range(0..8),
            2 => [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff][rng.gen_range(0..5)],
            _ => rng.gen::<u32>() | 0x8000_0000, // all large / all negative
        };
    }
    lanes
}

#[test]
fn legality() {
    for op in ReduxOp::ALL {
        for ty in ReduxType::ALL {
            assert_eq!(
                is_legal(op, ty),
                legal().contains(&(op, ty)),
                "{op:?} {ty:?}"
            );
        }
    }
}

#[test]
fn every_op_over_random_masks() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2ed0_0001);
    let mut bad = 0;
    let mut cases = 0;
    for (op, ty) in legal() {
        for _ in 0..20_000 {
            let mask = random_mask(&mut rng);
            let lanes = random_lanes(&mut rng);
            let got = redux(op, ty, mask, &lanes);
            let want = reference(op, ty, mask, &lanes);
            cases += 1;
            if got != want {
                bad += 1;
                eprintln!(
                    "MISMATCH redux.{}.{} mask={mask:08x} lanes={:08x?}: model {got:08x}, reference {want:08x}",
                    op.name(),
                    ty.name(),
                    lanes
                );
                assert!(bad < 10);
            }
        }
    }
    eprintln!("{cases} REDUX cases");
    assert_eq!(bad, 0);
}

#[test]
fn empty_mask_gives_identity_and_single_lane_gives_the_lane() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2ed0_0002);
    for (op, ty) in legal() {
        let lanes = random_lanes(&mut rng);
        assert_eq!(redux(op, ty, 0, &lanes), identity(op, ty));
        for i in 0..LANES {
            assert_eq!(
                redux(op, ty, 1 << i, &lanes),
                lanes[i],
                "{op:?} {ty:?} lane {i}"
            );
        }
    }
    use ReduxOp::*;
    use ReduxType::*;
    let z = [0; LANES];
    assert_eq!(redux(Min, S32, 0, &z), 0x7fff_ffff);
    assert_eq!(redux(Max, S32, 0, &z), 0x8000_0000);
    assert_eq!(redux(Min, U32, 0, &z), 0xffff_ffff);
    assert_eq!(redux(And, B32, 0, &z), 0xffff_ffff);
    let mut lanes = [1u32; LANES];
    lanes[3] = 0xffff_ffff;
    assert_eq!(redux(Min, S32, u32::MAX, &lanes), 0xffff_ffff);
    assert_eq!(redux(Min, U32, u32::MAX, &lanes), 1);
    assert_eq!(redux(Max, U32, !(1 << 3), &lanes), 1);
    assert_eq!(redux(Add, U32, u32::MAX, &[0x1000_0000; LANES]), 0); // 32 × 2^28 wraps
}

#[test]
fn vector_lines() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2ed0_0003);
    for i in 0..2000u32 {
        let (op, ty) = legal()[rng.gen_range(0..9)];
        let r = ReduxRequest {
            op,
            ty,
            mask: random_mask(&mut rng),
            lanes: random_lanes(&mut rng),
            tag: i,
        };
        let line = format_request(&r);
        assert_eq!(parse_line(&line, i), Ok(Some(r)), "{line}");
    }
    let lanes = (0..32).map(|i| format!(" {i:08x}")).collect::<String>();
    let text = format!(
        "# sum of 0..31\nredux.add.u32 ffffffff{lanes}\n\nredux.sync.max.s32 0000000f{lanes} # c\n"
    );
    let reqs = parse_file(&text).unwrap();
    assert_eq!(reqs.len(), 2);
    assert_eq!(format_answer(reqs[0].result()), "000001f0");
    assert_eq!(format_answer(reqs[1].result()), "00000003");
    assert_eq!(reqs[1].tag, 1);

    let field = |line: String| parse_line(&line, 0).unwrap_err().field;
    assert_eq!(field(format!("redux.add.b32 ffffffff{lanes}")), 1);
    assert_eq!(field(format!("redux.and.u32 ffffffff{lanes}")), 1);
    assert_eq!(field(format!("redux.mul.u32 ffffffff{lanes}")), 1);
    assert_eq!(field(format!("reduce.add.u32 ffffffff{lanes}")), 1);
    assert_eq!(field(format!("redux.add.u32 fffffff{lanes}")), 2);
    assert_eq!(field(format!("redux.add.u32 ffffffff{lanes} 00000000")), 35);
    assert_eq!(field(format!("redux.add.u32 ffffffff{}", &lanes[9..])), 34);
    let mut bad_lane = lanes.clone();
    bad_lane.replace_range(1 + 9 * 5..9 + 9 * 5, "0000000x"); // lane 5
    assert_eq!(field(format!("redux.add.u32 ffffffff{bad_lane}")), 8);
    assert!(parse_mnemonic("redux.sync.xor.b32").is_ok());
    assert!(parse_mnemonic("redux.xor").is_err());
    let (line, e) =
        parse_file(&format!("\nredux.or.b32 ffffffff{lanes}\nredux.or.s32 0\n")).unwrap_err();
    assert_eq!((line, e.field), (3, 1));
}
