// Formal harness: any unit whose answers come a fixed LATENCY clocks after
// its operations (REDUX, and the MUFU deeper than latency 8; the MUFU's
// own harness, mufu_specials.sv, checks the same): out_valid is the in_valid of LATENCY clocks before, and a
// valid answer carries that operation's tag, from every state the unit can
// be in (its registers start anywhere). Every other input is left free.
// Proven by yosys's SAT-based temporal induction (`rtl-gen formal <unit>`;
// script in testbench/src/formal.rs). BROKEN_REFERENCE expects one clock
// too many.
module pipeline_formal(
    input wire clock,
    input wire in_valid,
    input wire [7:0] in_tag
);
`ifndef BROKEN_REFERENCE
    localparam L = `LATENCY;
`else
    localparam L = `LATENCY + 1;
`endif
    wire out_valid;
    wire [7:0] out_tag;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag),
              .out_valid(out_valid), .out_tag(out_tag));

    // What went in L clocks ago; `seen` counts the clocks up to L (it alone
    // starts at 0). Shifting in at the bottom keeps the last L entries.
    reg [7:0] seen = 0;
    reg [L-1:0] v_q;
    reg [8*L-1:0] tag_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q, in_valid};
        tag_q <= {tag_q, in_tag};
    end
    always @* begin
        if (seen == L) begin
            assert (out_valid == v_q[L-1]);
            if (out_valid) assert (out_tag == tag_q[8*L-1 -: 8]);
        end
    end
endmodule
