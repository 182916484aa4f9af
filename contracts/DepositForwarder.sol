// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

/// @notice Request Network's published ERC20FeeProxy, as the forwarder calls it.
interface IDepositERC20FeeProxy {
    /// @notice Pulls `_amount` + `_feeAmount` of `_tokenAddress` from the caller and emits TransferWithReferenceAndFee.
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

/// @notice Request Network's published EthereumFeeProxy, as the forwarder calls it.
interface IDepositEthereumFeeProxy {
    /// @notice Pays msg.value - `_feeAmount` to `_to` and `_feeAmount` to `_feeAddress`, emitting TransferWithReferenceAndFee.
    function transferWithReferenceAndFee(
        address payable _to,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable;
}

/// @notice The payment a forwarder is bound to; every field is fixed when the forwarder's address is derived.
struct DepositTerms {
    address proxy; // Request Network fee proxy the payment goes through (ERC20FeeProxy, or EthereumFeeProxy when token is 0)
    address token; // ERC-20 token paid; address(0) means the network's native currency
    address payee; // the request's payee: the only recipient of the amount
    uint256 amount; // the request's expected amount, in the token's smallest units
    bytes8 paymentReference; // the request's 8-byte Request Network payment reference
    uint256 feeAmount; // the request's fee, in the token's smallest units
    address feeAddress; // the request's fee address: the only recipient of the fee
}

/// @title DepositForwarder (Payrail)
/// @notice A per-payment deposit address. Anyone may send the request's token (or native currency) to it
///         before or after it exists; its only possible action is to pay the request, once, through Request
///         Network's fee proxy with the request's payment reference, payee, amount, fee and fee address,
///         all fixed by its address. Nothing can move its funds anywhere else: any excess stays here.
/// @dev One instance is the implementation; each deposit address is an EIP-1167 minimal proxy (clone) of it,
///      created by DepositForwarderFactory with CREATE2 (salt = keccak256 of the terms), so the address commits
///      to the terms before any code exists. The terms are not stored: sweep() receives them and checks that
///      they derive this clone's own address, so only the terms the address was derived from can be paid.
contract DepositForwarder {
    using SafeERC20 for IERC20; // approve tokens that return nothing (USDT) or need a reset to 0

    address public immutable factory; // the only caller allowed to trigger the payment (in code: shared by every clone)
    address private immutable implementation; // this contract's own address: what every clone delegates to
    bool public swept; // in each clone's own storage: true once its payment was made; it is never made twice

    error NotFactory(); // the caller is not the factory that created this forwarder
    error WrongTerms(); // the terms given do not derive this forwarder's address
    error AlreadySwept(); // the payment was already made
    error Underfunded(uint256 balance, uint256 needed); // less than amount + fee is here

    /// @notice Run once, for the implementation, by its factory; clones have no constructor.
    constructor() {
        factory = msg.sender; // the creator is the factory
        implementation = address(this); // clones read this constant from the code they delegate to
    }

    /// @notice Accepts native currency sent after creation (a late or excess native deposit); it stays here.
    receive() external payable {}

    /// @notice Pays amount + fee once through the fixed proxy to the fixed payee and fee address; any excess stays.
    /// @param t The terms this forwarder's address was derived from (anything else reverts WrongTerms).
    function sweep(DepositTerms calldata t) external {
        if (msg.sender != factory) revert NotFactory(); // only the factory (which checks nothing else) may trigger it
        bytes32 salt = keccak256(abi.encode(t)); // the salt these terms give, as the factory derives it
        if (Clones.predictDeterministicAddress(implementation, salt, factory) != address(this)) revert WrongTerms(); // not this address's terms (also refuses the implementation itself)
        if (swept) revert AlreadySwept(); // one payment per forwarder
        swept = true; // set before any external call: a reentrant call finds it set and reverts
        uint256 needed = t.amount + t.feeAmount; // what the payment takes out of this forwarder
        if (t.token == address(0)) {
            uint256 held = address(this).balance; // native currency held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IDepositEthereumFeeProxy(t.proxy).transferWithReferenceAndFee{value: needed}( // pays exactly amount + fee
                payable(t.payee), // to the fixed payee
                abi.encodePacked(t.paymentReference), // with the fixed 8-byte reference
                t.feeAmount, // the fixed fee
                payable(t.feeAddress) // to the fixed fee address
            );
        } else {
            uint256 held = IERC20(t.token).balanceOf(address(this)); // tokens held
            if (held < needed) revert Underfunded(held, needed); // not enough yet (reverts the flag too)
            IERC20(t.token).forceApprove(t.proxy, needed); // let the proxy pull exactly amount + fee
            IDepositERC20FeeProxy(t.proxy).transferFromWithReferenceAndFee( // the proxy pulls and emits the reference
                t.token, // the fixed token
                t.payee, // to the fixed payee
                t.amount, // the fixed amount
                abi.encodePacked(t.paymentReference), // with the fixed 8-byte reference
                t.feeAmount, // the fixed fee
                t.feeAddress // to the fixed fee address
            );
            IERC20(t.token).forceApprove(t.proxy, 0); // leave no allowance behind (the proxy pulled all of it anyway)
        }
    }
}
