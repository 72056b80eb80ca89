//! The DIVSQRT RTL (`units::divsqrt::rtl`) against its golden model
//! (`units::divsqrt::model`, itself checked in `divsqrt_model.rs`).

use testbench::stream::{stimuli, Gaps};
use units::divsqrt::codec::{encode, format_request, random_request, DivsqrtCodec, Request};
use units::divsqrt::rtl::Divsqrt;
use units::unit::UnitCodec;

fn check(reqs: &[Request], gaps: Gaps) {
    let codec = DivsqrtCodec;
    let info = codec.info();
    let ops: Vec<_> = reqs.iter().map(encode).collect();
    let stim = stimuli(&ops, gaps);
    let mut uut = Divsqrt::default();
    let obs = testbench::direct::run(&mut uut, &info, &stim);
    assert_eq!(obs.len(), reqs.len(), "answers");
    let mut codec = DivsqrtCodec;
    let mut bad = 0;
    for (i, (req, o)) in reqs.iter().zip(&obs).enumerate() {
        assert_eq!(o.outputs[1], testbench::stream::tag_of(i), "tag of answer {i}");
        let got = codec.format(&ops[i], &o.outputs[2..]);
        let want = codec.model(&ops[i]).unwrap();
        if got != want {
            bad += 1;
            if bad < 20 {
                eprintln!("{}: rtl {got} model {want}", format_request(req));
            }
        }
    }
    assert_eq!(bad, 0, "{bad} mismatches of {}", reqs.len());
}

#[test]
fn quick() {
    let mut state = 1u64;
    let reqs: Vec<Request> = (0..3000).map(|_| random_request(&mut state)).collect();
    check(&reqs, Gaps::None);
}
